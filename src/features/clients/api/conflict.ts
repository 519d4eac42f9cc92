import { PreconditionFailedBody } from '#contract/api';
import { ApiError } from '../../../lib/api-errors.ts';

/** What a 412 says about the client now: as a colleague left it, or that they deleted or erased it. */
export type Conflict = PreconditionFailedBody['current'];

/** The conflict a failed write met, or undefined when it failed for another reason. */
export function conflictOf(error: unknown): Conflict | undefined {
  if (!(error instanceof ApiError) || error.status !== 412) return undefined;
  const parsed = PreconditionFailedBody.safeParse(error.body);
  return parsed.success ? parsed.data.current : undefined;
}
