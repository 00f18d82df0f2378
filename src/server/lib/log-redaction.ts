/**
 * Secrets that must never reach a log line. Links the product mails carry live
 * tokens in their query strings (`/reset-password?token=`, `/?temp_token=…&email=`,
 * `/unsubscribe?token=`), and the request log records whole URLs; requests carry bearer tokens and the
 * admin and beta access tokens in headers. The rule is general, so a new link or header is covered
 * without a change here: any query parameter whose name contains 'token', 'secret', 'passw',
 * 'signature', 'apikey', 'jwt', 'session' or 'refresh', plus `email`, `code`, `key`, `sig`, `auth`
 * and `t`, judged on the name as the server reads it (percent-decoded: `?%74oken=` is `token`); the
 * authorization, cookie and every `x-*-access` header; and any `Bearer …` credential, wherever in
 * the line they appear.
 */

export const REDACTED = '[redacted]';

/**
 * `name=value` after `?`, `&` or `;`; the name is judged by isSecretName. Name and value stop at the
 * next separator, so the scan is linear. (A first version looked for 'token' inside the name in the
 * pattern itself and backtracked: an 8 kB URL of `?token?token…` took 7 s per log line.)
 */
const QUERY_PARAM = /([?&;])([^=&;#?\s"'\\<>]+)=([^?&;#\s"'\\<>]*)/g;
const SECRET_NAME_PART = /token|secret|passw|signature|api_?key|jwt|session|refresh/i;
const SECRET_NAMES = new Set(['email', 'code', 'key', 'sig', 'auth', 't']);
const PERCENT_ESCAPE = /%([0-9a-f]{2})/gi;

/**
 * A parameter name as the server's query parser reads it: percent escapes decoded (`%74oken` is
 * `token`), escape by escape, so a malformed one elsewhere in the name does not stop the rest. It
 * is decoded again while that changes it (a few rounds at most: `%2574` is `%74` is `t`), so no
 * layer of encoding hides a name from the check.
 */
function decodedName(name: string): string {
  let decoded = name;
  for (let round = 0; round < 4 && decoded.includes('%'); round += 1) {
    const next = decoded.replace(PERCENT_ESCAPE, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (next === decoded) break;
    decoded = next;
  }
  return decoded.replaceAll('+', ' ').trim();
}

function isSecretName(name: string): boolean {
  const decoded = decodedName(name);
  return SECRET_NAME_PART.test(decoded) || SECRET_NAMES.has(decoded.toLowerCase());
}

/** A header holding a credential, as a JSON key with its value (a string or an array of strings). */
const SECRET_HEADER =
  /"(authorization|proxy-authorization|cookie|set-cookie|x-[a-z0-9-]*-access)":(?:"(?:[^"\\]|\\.)*"|\[(?:"(?:[^"\\]|\\.)*",?)*\])/gi;

const BEARER = /\b(Bearer\s+)[A-Za-z0-9._~+/-]+=*/g;

/** A URL (or any text) with the values of secret query parameters replaced by `[redacted]`. */
export function redactUrl(text: string): string {
  return text.replace(QUERY_PARAM, (param, separator: string, name: string) =>
    isSecretName(name) ? `${separator}${name}=${REDACTED}` : param,
  );
}

/**
 * One serialized log line with every secret replaced: pino's `hooks.streamWrite`, so it runs on the
 * final JSON of every line (message, request URL, error message and stack, any logged object).
 */
export function redactLogLine(line: string): string {
  return redactUrl(line)
    .replace(SECRET_HEADER, (_, name: string) => `"${name}":"${REDACTED}"`)
    .replace(BEARER, (_, prefix: string) => `${prefix}${REDACTED}`);
}

/**
 * The binding of the one logger whose lines are exempt: the mail transport used when SMTP_URL is
 * unset writes each email's link to the log on purpose (README: the log is then the
 * local user's mailbox). A JSON key can only appear unescaped as a real key, never inside a value,
 * so no request can make another line look like one of these.
 */
export const MAILBOX_LOG_BINDING = { mailbox: 'log' } as const;
const MAILBOX_MARK = '"mailbox":"log"';

/** pino options that apply the redaction to every line (child loggers inherit hooks). */
export function redactingLoggerOptions() {
  return {
    hooks: {
      streamWrite: (line: string) => boundedLogLine(line.includes(MAILBOX_MARK) ? line : redactLogLine(line)),
    },
  };
}

/** The longest line the log takes; a longer one is cut down to its fields that say what happened. */
export const LOG_LINE_MAX = 8 * 1024;
const KEPT_FIELDS = ['level', 'time', 'pid', 'hostname', 'worker', 'reqId', 'msg'];

/**
 * A log line of at most LOG_LINE_MAX characters. Nothing should log a big object (errors are
 * serialized bounded: log-errors.ts), but one line must never grow the log by megabytes whatever is
 * logged: a longer line keeps its level, time, process, request id and the start of its message, and
 * says how long it was.
 */
export function boundedLogLine(line: string): string {
  if (line.length <= LOG_LINE_MAX) return line;
  let fields: Record<string, unknown> = {};
  try {
    fields = JSON.parse(line) as Record<string, unknown>;
  } catch {
    // Not JSON: only its length is kept.
  }
  const kept: Record<string, unknown> = {};
  for (const key of KEPT_FIELDS) if (key in fields) kept[key] = fields[key];
  if (typeof kept.msg === 'string') kept.msg = kept.msg.slice(0, 1024);
  return `${JSON.stringify({ ...kept, lineCut: line.length })}\n`;
}
