/** The GUIDs of the Ethos double's records, and the extra fields a tenant adds to every model. */
export const extra = { tenantExtension: { campusCode: 'PDX', localFlags: ['x', 'y'] } };

export const ID = {
  student: '2a1b0000-0000-4000-8000-000000000001',
  advisor: '2a1b0000-0000-4000-8000-000000000002',
  fall: 'a9000000-0000-4000-8000-000000000001',
  year: 'a9000000-0000-4000-8000-000000000002',
  spring: 'a9000000-0000-4000-8000-000000000003',
  ug: 'ab000000-0000-4000-8000-000000000001',
  math: 'c0000000-0000-4000-8000-000000000001',
  cs: 'c0000000-0000-4000-8000-000000000002',
  wr: 'c0000000-0000-4000-8000-000000000003',
  hst: 'c0000000-0000-4000-8000-000000000004',
  financialHold: 'f0000000-0000-4000-8000-000000000001',
  advisorType: 'ad000000-0000-4000-8000-000000000001',
  program: 'ac000000-0000-4000-8000-000000000001',
  standing: 'a5000000-0000-4000-8000-000000000001',
};

export const section = (key: 'math' | 'cs' | 'wr' | 'hst') => `5e${ID[key].slice(2)}`;
export const course = (key: 'math' | 'cs' | 'wr' | 'hst') => `c1${ID[key].slice(2)}`;
export const subject = (key: 'math' | 'cs' | 'wr' | 'hst') => `50${ID[key].slice(2)}`;
export const room = (n: number) => `r0000000-0000-4000-8000-00000000000${n}`;
export const building = 'b0000000-0000-4000-8000-000000000001';
export const grade = (v: string) => `9d000000-0000-4000-8000-0000000000${v === 'A' ? '01' : '02'}`;
