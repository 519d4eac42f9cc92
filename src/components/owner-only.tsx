import { ApiError } from '../lib/api-errors.ts';

/** What staff see on an owner's page opened by its address (issue 28): the server answered 403. */
const OWNER_ONLY_PAGE = 'Only an owner can see this page.';

export function isRefusedToStaff(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

export function OwnerOnlyNotice() {
  return <p className="owner-only">{OWNER_ONLY_PAGE}</p>;
}
