import { useState } from 'react';
import type { AttendanceCourse } from '../../../contract/attendance.schema.js';
import { isSisWarning } from '../../../contract/sis/warning.schema.js';
import type { AcademicsApi } from '../../api/academics.js';
import { showsAttendanceWarning } from '../../lib/attendance.js';
import { termName } from '../../lib/terms.js';
import { campusDay } from '../../lib/time.js';
import { AttendanceWarnings } from '../../ui/portal/academics/attendance-warnings.js';
import { usePortal } from './context.js';
import { TERM_FAILED, step, useSection } from './use-section.js';

interface Warnings {
  term: string;
  courses: AttendanceCourse[];
}

const without = (set: ReadonlySet<string>, crn: string) =>
  new Set([...set].filter((c) => c !== crn));

/**
 * portal.md §4/§5 initiation-of-attendance warnings of the current term. Marking one read is saved
 * on the server (per user, term and course), then the warning goes.
 */
export function AttendanceSection({ api }: { api: AcademicsApi }) {
  const { campus } = usePortal();
  const warnings = useSection<Warnings>(
    'attendance',
    async () => {
      const info = await step('term-info', api.termInfo, TERM_FAILED);
      if (isSisWarning(info)) return { term: '', courses: [] };
      const attendance = await step('attendance', () => api.attendance(info.term));
      const today = campusDay(new Date(), campus.timeZone).date;
      return {
        term: info.term,
        courses: attendance.courses.filter((c) =>
          showsAttendanceWarning(c, info.start_date, today),
        ),
      };
    },
    (data) => data.courses.length === 0,
  );
  const [read, setRead] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());

  const markRead = async (term: string, crn: string) => {
    setSaving((s) => new Set([...s, crn]));
    setFailed((s) => without(s, crn));
    try {
      await api.markAttendanceRead({ term, crn });
      setRead((s) => new Set([...s, crn]));
    } catch {
      setFailed((s) => new Set([...s, crn]));
    } finally {
      setSaving((s) => without(s, crn));
    }
  };

  const data = warnings.data;
  const shown = data ? data.courses.filter((c) => !read.has(c.COURSEREGISTRATIONNUMBER)) : [];
  return (
    <AttendanceWarnings
      state={warnings.status}
      courses={shown}
      termName={data?.term ? termName(data.term) : ''}
      saving={saving}
      failed={failed}
      onMarkRead={(crn) => {
        if (data) void markRead(data.term, crn);
      }}
      onRetry={warnings.retry}
    />
  );
}
