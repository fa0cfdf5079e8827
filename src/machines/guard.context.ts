/** The guard machine's context, events and reports (portal.md §2 steps 1–6). */
import type { Status } from '../../contract/status.schema.js';
import type { UserResult } from '../api/user.js';

/** Where the navigation goes: `search` keeps its `?`, `hash` is without `#`. */
export interface GuardTarget {
  pathname: string;
  search: string;
  hash: string;
}

export interface GuardNavigation {
  target: GuardTarget;
  /** The app already holds an authenticated user. */
  authenticated: boolean;
  /** The app's error_state when the navigation starts. */
  errorState: number;
  /** The navigation goes back in history. */
  back: boolean;
  /** When the navigation starts (ms since the epoch): how old the last status answer is. */
  at: number;
}

export interface GuardContext extends GuardNavigation {
  /** The reason the last guard failed, reported to the app. */
  failure: unknown;
  /** When the navigation that got the last good status answer started; null: none to reuse. */
  statusCheckedAt: number | null;
  /** The user fetched in this navigation (the reads' output), reported after the status. */
  user: UserResult | null;
}

/** Only reached without a fetched user when the guard is broken: the safe reading is signed out. */
export const NO_USER: UserResult = { kind: 'signed-out' };

export type GuardEvent =
  | ({ type: 'guard.navigate' } & GuardNavigation)
  /** This navigation's reads have reported the status (guard-reads.machine.ts). */
  | { type: 'guard.statusRead' };

/** What the guard reports to the portal machine. */
export type GuardReport =
  | { type: 'guard.statusChecked'; status: Status }
  | { type: 'guard.userFetched'; result: UserResult }
  | { type: 'guard.failed'; error: unknown }
  | { type: 'guard.cacheClearFailed' }
  | { type: 'guard.signInRequired'; url: string }
  | { type: 'guard.loggingOut'; url: string };

/** The original full path: sign-in returns here. */
export const fullPath = ({ pathname, search, hash }: GuardTarget) =>
  `${pathname}${search}${hash ? `#${hash}` : ''}`;
