/** A signed-in device as a person recognises it: the browser and the system it runs on. */
export interface DeviceName {
  /** 'Chrome', 'Firefox', 'Safari', 'Edge', 'Samsung Internet', 'Opera'; null when the agent does not say. */
  browser: string | null;
  /** 'Android', 'iOS', 'iPadOS', 'Windows', 'macOS', 'ChromeOS', 'Linux'; null when the agent does not say. */
  os: string | null;
}

/*
 * Order matters: every Chromium browser also says 'Chrome', and Chrome says 'Safari', so the more
 * particular names are tried first. Only what a person would call their browser is named; anything
 * else (a script, curl) is null and shown as an unknown device.
 */
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:OPR|OPiOS)\//, 'Opera'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\biPad\b/, 'iPadOS'],
  [/\b(?:iPhone|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** The browser and system a User-Agent header names, each null when it names none we know. */
export function deviceNameOf(userAgent: string | null): DeviceName {
  if (userAgent === null) return { browser: null, os: null };
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const os = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  return { browser, os };
}

/** The device in English words: 'Chrome on Android', 'Firefox', 'a device on Windows', 'Unknown device'. */
export function deviceNameText({ browser, os }: DeviceName): string {
  if (browser !== null && os !== null) return `${browser} on ${os}`;
  if (browser !== null) return browser;
  if (os !== null) return `A browser on ${os}`;
  return 'Unknown device';
}
