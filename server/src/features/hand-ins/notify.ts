import type { AppDeps } from "../../deps";

/**
 * Sends notices after the write they describe committed: a failure there is logged, and the
 * write's answer stands (the copies are returned, the nudge is recorded; the reminder tick
 * retries the deliveries already claimed).
 */
export async function notifySafely(deps: AppDeps, what: string, send: () => Promise<number>): Promise<number> {
  try {
    return await send();
  } catch (error) {
    deps.log("error", `hand-ins: the ${what} notices were not sent`, { error: String(error) });
    return 0;
  }
}
