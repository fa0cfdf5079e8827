/** base64url (RFC 4648 §5, padding optional) to bytes: the VAPID key as `applicationServerKey`. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The portal's push worker: the apps' one worker (worker/sw.ts), its scope the whole site. */
export {
  APP_WORKER_URL as PUSH_WORKER_URL,
  APP_WORKER_SCOPE as PUSH_WORKER_SCOPE,
} from './app-worker.js';
