import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { SCHOOL_TIMETABLE_LIMITS as L, SCHOOL_TIMETABLE_MESSAGES as M } from "@planify/common/constants/school-timetable";
import { badRequest } from "../../lib/errors";
import { readBounded, TooLargeError } from "../../lib/read-bounded";

const MAX_REDIRECTS = 3;

/** Loopback, private, link-local, carrier-grade NAT, multicast and reserved IPv4 ranges. */
function privateV4(ip: string): boolean {
  const [a = 0, b = 0] = ip.split(".").map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    a >= 224 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

/** Whether an address is not on the public internet (IPv6 mapped IPv4 included). */
export function isPrivateAddress(ip: string): boolean {
  if (isIP(ip) === 4) return privateV4(ip);
  const v6 = ip.toLowerCase();
  const mapped = v6.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped) return privateV4(mapped[1]!);
  return v6 === "::" || v6 === "::1" || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6) || v6.startsWith("ff");
}

/** A http(s) URL or a French 400. */
export function parseCalendarUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim().replace(/^webcals?:\/\//i, "https://"));
  } catch {
    throw badRequest(M.badUrl);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw badRequest(M.badUrl);
  if (url.username || url.password) throw badRequest(M.badUrl);
  return url;
}

/** Refuses hosts that resolve to a private network (a student's address must not reach the school's own machines). */
async function assertPublicHost(url: URL): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  if (addresses.length === 0) throw badRequest(M.unreachable);
  if (addresses.some(isPrivateAddress)) throw badRequest(M.privateHost);
}

/**
 * Downloads a calendar: http(s) only, a time limit, a size cap, at most 3 redirects, and
 * (unless `allowPrivate`, for addresses an admin gave) every hop checked to be public.
 */
export async function fetchCalendarText(raw: string, allowPrivate: boolean): Promise<string> {
  let url = parseCalendarUrl(raw);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (!allowPrivate) await assertPublicHost(url);
    let res: Response;
    try {
      res = await fetch(url, {
        redirect: "manual",
        signal: AbortSignal.timeout(L.fetchTimeoutMs),
        headers: { accept: "text/calendar, */*;q=0.5", "user-agent": "Planify" },
      });
    } catch {
      throw badRequest(M.unreachable);
    }
    if (res.status >= 300 && res.status < 400 && res.headers.get("location")) {
      url = parseCalendarUrl(new URL(res.headers.get("location")!, url).href);
      continue;
    }
    if (!res.ok) throw badRequest(M.unreachable);
    let text: string;
    try {
      text = await readBounded(res, L.bodyBytes);
    } catch (error) {
      if (error instanceof TooLargeError) throw badRequest(M.tooBig);
      throw error;
    }
    if (!/^\uFEFF?\s*BEGIN:VCALENDAR/i.test(text)) throw badRequest(M.notCalendar);
    return text;
  }
  throw badRequest(M.unreachable);
}
