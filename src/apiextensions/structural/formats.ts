// String formats kube's CR validation checks (kube-openapi's strfmt registry). Unknown formats always pass.

const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:?\d{2})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$/;
const HOSTNAME = /^([a-zA-Z0-9\p{S}\p{L}]((-?[a-zA-Z0-9\p{S}\p{L}]{0,62})?)|([a-zA-Z0-9\p{S}\p{L}](([a-zA-Z0-9-\p{S}\p{L}]{0,61}[a-zA-Z0-9\p{S}\p{L}])?)(\.)){1,}([a-zA-Z\p{L}]){2,63})$/u;
const EMAIL = /^[^@\s]+@[^@\s]+$/;
const MAC = /^([0-9A-Fa-f]{2}[:-]){5}([0-9A-Fa-f]{2})$|^([0-9A-Fa-f]{4}\.){2}[0-9A-Fa-f]{4}$/;
const DURATION = /^[-+]?(\d+(\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h|d|w)(\s*[-+]?(\d+(\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h|d|w))*$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function isIPv4(s: string): boolean {
  const parts = s.split('.');
  return parts.length === 4 && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}

function isIPv6(s: string): boolean {
  if (!s.includes(':') || !/^[0-9a-fA-F:.]+$/.test(s)) return false;
  try {
    new URL(`http://[${s}]/`);
    return true;
  } catch {
    return false;
  }
}

function validDateTime(s: string): boolean {
  if (!DATE_TIME.test(s)) return false;
  return !Number.isNaN(Date.parse(s.replace(' ', 'T')));
}

const CHECKS: Record<string, (s: string) => boolean> = {
  'date-time': validDateTime,
  datetime: validDateTime,
  date: (s) => DATE.test(s) && !Number.isNaN(Date.parse(s)),
  uuid: (s) => UUID.test(s),
  uuid3: (s) => UUID.test(s),
  uuid4: (s) => UUID.test(s),
  uuid5: (s) => UUID.test(s),
  ipv4: isIPv4,
  ipv6: isIPv6,
  cidr: (s) => {
    const [ip, bits, extra] = s.split('/');
    if (extra !== undefined || bits === undefined || !/^\d+$/.test(bits)) return false;
    if (isIPv4(ip!)) return Number(bits) <= 32;
    return isIPv6(ip!) && Number(bits) <= 128;
  },
  mac: (s) => MAC.test(s),
  hostname: (s) => HOSTNAME.test(s),
  email: (s) => EMAIL.test(s),
  duration: (s) => DURATION.test(s),
  byte: (s) => BASE64.test(s),
  uri: (s) => {
    try {
      new URL(s);
      return true;
    } catch {
      return false;
    }
  },
};

/** undefined: the format is not checked; otherwise whether the string matches it. */
export function checkFormat(format: string, value: string): boolean | undefined {
  const f = CHECKS[format];
  return f ? f(value) : undefined;
}
