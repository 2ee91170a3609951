/**
 * What « Mes appareils » shows of a sign-in: the browser and system in French words, never
 * the raw User-Agent, and the address cut to its network. Both are kept as summarised, so
 * the sessions table holds no more than the screen shows (data minimisation).
 */

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\b(OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\b(Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*Safari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, "Android"],
  [/\b(iPhone|iPod)\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

const first = (pairs: [RegExp, string][], ua: string) => pairs.find(([pattern]) => pattern.test(ua))?.[1];

/** « Chrome sur Android », « Application Planify (ordinateur) », « Appareil inconnu »… */
export function describeUserAgent(raw: string | null | undefined): string {
  const ua = (raw ?? "").slice(0, 1000);
  // Planify Desktop is Electron: its User-Agent names Electron beside Chrome.
  if (/\bElectron\//.test(ua)) return "Application Planify (ordinateur)";
  const browser = first(BROWSERS, ua);
  const system = first(SYSTEMS, ua);
  if (browser && system) return `${browser} sur ${system}`;
  if (browser) return browser;
  if (system) return `Navigateur sur ${system}`;
  return "Appareil inconnu";
}

/** The address's network: IPv4 cut to /24, IPv6 to /48; anything else (tests: "local") as « inconnue ». */
export function truncateIp(ip: string): string {
  const v4 = ip.replace(/^::ffff:/i, "").match(/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (ip.includes(":")) {
    const [head = "", tail] = ip.split("::");
    const groups = head ? head.split(":") : [];
    // "2001:db8::1" has fewer than three groups before "::": the missing ones are zeros.
    while (groups.length < 3 && tail !== undefined) groups.push("0");
    if (groups.length >= 3)
      return `${groups
        .slice(0, 3)
        .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ""))
        .join(":")}::/48`;
  }
  return "inconnue";
}
