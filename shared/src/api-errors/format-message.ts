import { API_ERROR_MESSAGES, type ApiErrorCode, type ApiErrorParams } from './messages.js';

/**
 * The English words of a code with its params. The templates use a small part of ICU MessageFormat
 * (`{name}`, `{n, plural, one {…} other {…}}` with `#`, `{key, select, … other {…}}`), so this reads
 * them with a few lines of plain code rather than shipping a message-format library in the api:
 * the web app reads the same templates with Lingui, and a web test checks the two agree.
 */
export function apiErrorMessage(code: ApiErrorCode, params: ApiErrorParams = {}): string {
  return formatEnglish(API_ERROR_MESSAGES[code], params);
}

const englishNumber = new Intl.NumberFormat('en');

/** Formats an English ICU template of the kind above; an argument with no value is left as `{name}`. */
export function formatEnglish(template: string, params: ApiErrorParams, pound?: number): string {
  let out = '';
  let at = 0;
  while (at < template.length) {
    const char = template[at]!;
    if (char === '#' && pound !== undefined) {
      out += englishNumber.format(pound);
      at += 1;
    } else if (char === '{') {
      const end = closingBrace(template, at);
      out += formatArgument(template.slice(at + 1, end), params);
      at = end + 1;
    } else {
      out += char;
      at += 1;
    }
  }
  return out;
}

function formatArgument(body: string, params: ApiErrorParams): string {
  const [name = '', kind, ...rest] = body.split(',');
  const key = name.trim();
  const value = params[key];
  if (kind === undefined) return value === undefined ? `{${key}}` : String(value);
  const branches = parseBranches(rest.join(','));
  if (kind.trim() === 'plural') {
    const count = Number(value);
    const branch = branches.get(`=${count}`) ?? branches.get(new Intl.PluralRules('en').select(count)) ?? branches.get('other') ?? '';
    return formatEnglish(branch, params, count);
  }
  return formatEnglish(branches.get(String(value)) ?? branches.get('other') ?? '', params);
}

/** `one {# minute} other {# minutes}` → one → `# minute`, other → `# minutes`. */
function parseBranches(text: string): Map<string, string> {
  const branches = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('{', at);
    if (open === -1) break;
    const end = closingBrace(text, open);
    branches.set(text.slice(at, open).trim(), text.slice(open + 1, end));
    at = end + 1;
  }
  return branches;
}

function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let at = open; at < text.length; at += 1) {
    if (text[at] === '{') depth += 1;
    else if (text[at] === '}' && --depth === 0) return at;
  }
  throw new Error(`Unbalanced braces in message: ${text}`);
}
