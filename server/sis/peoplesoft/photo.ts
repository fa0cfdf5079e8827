import { z } from 'zod';
import { leaf, rows } from './wire.js';

/**
 * SCC_GETPHOTO_R (REST service SCC_CONSTITUENT_R, `SCC_GETPHOTO_R.v1/photo/get`): Oracle, Campus
 * Solutions 9.2 PeopleBook "Using the REST Get Photo Web Service Operation", whose answer is the SOAP
 * operation's, "Describing the SOAP Output Message: SCC_GETPHOTO_RESP",
 * https://docs.oracle.com/en/applications/peoplesoft/campus-solutions/9.2.038/campus-community-fundamentals/describing-soap-output-message-scc-getphoto-resp.html:
 * `EMPLOYEE_PHOTO` with `EMPLID` and `Base64Data`, the image (a JPEG in the example) in base64,
 * broken over lines.
 */
export const photoSchema = z.object({
  SCC_GETPHOTO_RESP: z
    .array(z.object({ EMPLOYEE_PHOTO: rows(z.object({ EMPLID: leaf, Base64Data: leaf })) }))
    .min(1),
});
export type PhotoAnswer = z.infer<typeof photoSchema>;

/** The largest photo the profile carries, decoded: an ID photo is tens of kilobytes. */
export const PHOTO_MAX_BYTES = 200_000;

/** The image types a browser is given, by the first bytes of their base64 (JPEG `FF D8 FF`, PNG). */
const TYPES: ReadonlyArray<[prefix: string, type: string]> = [
  ['/9j/', 'image/jpeg'],
  ['iVBORw0KGgo', 'image/png'],
];

/**
 * The profile card's photo: the answer's image as a `data:` URL, as the sample SIS gives its own;
 * none (the portal shows initials) when there is no photo, when it is not a JPEG or PNG, or when it
 * is over PHOTO_MAX_BYTES.
 */
export function photoOf(answer: PhotoAnswer): string | null {
  const data = answer.SCC_GETPHOTO_RESP[0]?.EMPLOYEE_PHOTO[0]?.Base64Data;
  if (!data) return null;
  const base64 = data.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
  if (Math.floor((base64.length * 3) / 4) > PHOTO_MAX_BYTES) return null;
  const type = TYPES.find(([prefix]) => base64.startsWith(prefix))?.[1];
  return type ? `data:${type};base64,${base64}` : null;
}
