import {
  consentRecordListSchema,
  delegationChangeSchema,
  delegationInviteSchema,
  delegationListSchema,
  delegationSchema,
} from '../../contract/delegates.schema.js';
import type {
  ConsentRecord,
  Delegation,
  DelegationChange,
  DelegationInvite,
} from '../../contract/delegates.schema.js';
import { errorSchema } from '../../contract/error.schema.js';
import type { Http } from './client.js';
import { HttpStatusError } from './errors.js';

/** The portal refused a grant, a change or a revocation (400, 403), with the reason to show. */
export class ShareRefusedError extends Error {
  override name = 'ShareRefusedError';
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
  }
}

async function refusalOf(answer: Response, doing: string): Promise<Error> {
  if (answer.status === 400 || answer.status === 403) {
    const refusal = errorSchema.safeParse(await answer.json().catch(() => null));
    if (refusal.success) return new ShareRefusedError(answer.status, refusal.data.detail);
  }
  return new HttpStatusError(answer.status, `${doing} failed (${answer.status})`);
}

/** `GET /api/delegations` (issue 73): the people the student shares with, and their views. */
export async function fetchDelegations(http: Http): Promise<Delegation[]> {
  return delegationListSchema.parse(await http.get('delegations').json());
}

/** `POST /api/delegations`: shares parts of the record with a person (a recent sign-in signs it). */
export async function inviteDelegate(http: Http, invite: DelegationInvite): Promise<Delegation> {
  const json = delegationInviteSchema.parse(invite);
  const answer = await http.post('delegations', { json, throwHttpErrors: false });
  if (!answer.ok) throw await refusalOf(answer, 'Sharing');
  return delegationSchema.parse(await answer.json());
}

/** `PATCH /api/delegations/{id}`: changes what is shared, why or until when. */
export async function changeDelegation(
  http: Http,
  id: number,
  change: DelegationChange,
): Promise<Delegation> {
  const json = delegationChangeSchema.parse(change);
  const answer = await http.patch(`delegations/${id}`, { json, throwHttpErrors: false });
  if (!answer.ok) throw await refusalOf(answer, 'Changing the grant');
  return delegationSchema.parse(await answer.json());
}

/** `DELETE /api/delegations/{id}`: stops sharing. */
export async function revokeDelegation(http: Http, id: number): Promise<void> {
  const answer = await http.delete(`delegations/${id}`, { throwHttpErrors: false });
  if (!answer.ok) throw await refusalOf(answer, 'Stopping the grant');
}

/** `GET /api/delegations/{id}/consents`: the grant's signed consent records, oldest first. */
export async function fetchConsentRecords(http: Http, id: number): Promise<ConsentRecord[]> {
  return consentRecordListSchema.parse(await http.get(`delegations/${id}/consents`).json());
}
