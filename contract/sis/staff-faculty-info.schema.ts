import { z } from 'zod';

/** portal.md §3 User.staff_faculty_info: what the employee card shows. Employees only. */
export const staffFacultyInfoSchema = /* @__PURE__ */ z.object({
  title: z.string(),
  department: z.string(),
  phone_number: z.string().nullable(),
  building: z.string().nullable(),
  office_room: z.string().nullable(),
});
export type StaffFacultyInfo = z.infer<typeof staffFacultyInfoSchema>;
