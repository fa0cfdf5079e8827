/**
 * The GUIDs of the Ethos double's records, and the extra fields a tenant adds to every model. Ids
 * only, no shapes: every Ethos model's `id` is a GUID (Ellucian's SDK objects, e.g.
 * ellucian-developer/integration-sdk-csharp-objects `GuidObject2`); each record's shape and its
 * source are in the fixture files that use these ids (fixtures.ts, fixtures-records.ts, …).
 */
export const extra = { tenantExtension: { campusCode: 'PDX', localFlags: ['x', 'y'] } };

export const ID = {
  student: '2a1b0000-0000-4000-8000-000000000001',
  advisor: '2a1b0000-0000-4000-8000-000000000002',
  /** A second advisor, whose relationship with the student ended last spring. */
  pastAdvisor: '2a1b0000-0000-4000-8000-000000000003',
  fall: 'a9000000-0000-4000-8000-000000000001',
  year: 'a9000000-0000-4000-8000-000000000002',
  /** Spring 2026, the term before this one: transcript grades, no registrations. */
  lastSpring: 'a9000000-0000-4000-8000-000000000003',
  ug: 'ab000000-0000-4000-8000-000000000001',
  math: 'c0000000-0000-4000-8000-000000000001',
  cs: 'c0000000-0000-4000-8000-000000000002',
  wr: 'c0000000-0000-4000-8000-000000000003',
  hst: 'c0000000-0000-4000-8000-000000000004',
  /** Last spring's classes: MTH 111 and WR 115. */
  mth111: 'c0000000-0000-4000-8000-000000000005',
  wr115: 'c0000000-0000-4000-8000-000000000006',
  financialHold: 'f0000000-0000-4000-8000-000000000001',
  advisorType: 'ad000000-0000-4000-8000-000000000001',
  program: 'ac000000-0000-4000-8000-000000000001',
  standing: 'a5000000-0000-4000-8000-000000000001',
  /** The institution the sites belong to (sites v6 `organization`). */
  organization: '0a000000-0000-4000-8000-000000000001',
};

type ClassKey = 'math' | 'cs' | 'wr' | 'hst' | 'mth111' | 'wr115';
export const section = (key: ClassKey) => `5e${ID[key].slice(2)}`;
export const course = (key: ClassKey) => `c1${ID[key].slice(2)}`;
export const subject = (key: ClassKey) => `50${ID[key].slice(2)}`;
export const room = (n: number) => `r0000000-0000-4000-8000-00000000000${n}`;
export const building = 'b0000000-0000-4000-8000-000000000001';
/** A second building, on the other site: no class of the student's meets in it. */
export const otherBuilding = 'b0000000-0000-4000-8000-000000000002';
/** The sample's two sites: Cramer Hall's, and the other building's. */
export const site = {
  downtown: '5a000000-0000-4000-8000-000000000001',
  waterfront: '5a000000-0000-4000-8000-000000000002',
};
const GRADES = { A: '01', 'B+': '02', 'A-': '03' };
export const grade = (v: keyof typeof GRADES) => `9d000000-0000-4000-8000-0000000000${GRADES[v]}`;
