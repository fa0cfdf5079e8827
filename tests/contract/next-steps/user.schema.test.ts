import { describe, expect, it } from 'vitest';
import { nextStepsUserSchema } from '../../../contract/next-steps/user.schema.js';

const answer = {
  id: 1,
  username: 'avalencia',
  first_name: 'Ana',
  auth_token: '',
  has_provisional_account: false,
  is_new_student: false,
  has_checklist: true,
  user_message: [],
};

describe('the Next Steps user answer’s language (issue 59)', () => {
  it('reads the language the person chose on Account', () => {
    expect(nextStepsUserSchema.parse({ ...answer, language: 'es' }).language).toBe('es');
    expect(nextStepsUserSchema.parse({ ...answer, language: null }).language).toBeNull();
  });

  it('reads an answer kept from before it carried a language as never chosen', () => {
    expect(nextStepsUserSchema.parse(answer).language).toBeNull();
  });

  it('refuses a language the portal does not offer', () => {
    expect(nextStepsUserSchema.safeParse({ ...answer, language: 'fr' }).success).toBe(false);
  });
});
