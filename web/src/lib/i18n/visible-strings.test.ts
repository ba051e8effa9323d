// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * Words a person reads must come from the message catalogs, or a Spanish screen shows English. This
 * reads every source file of the app and names the text written into it: text between JSX tags, a
 * JSX attribute holding words (aria-label, title, placeholder, a component's label prop) and, in
 * plain code, a string or template that reads like a sentence. What is not shown to people (an
 * attribute such as className, a developer's error) is passed over; a line that must keep words for
 * another reason says why in a comment holding `i18n-exempt`.
 */

const srcRoot = fileURLToPath(new URL('../..', import.meta.url));

// Attributes whose text is never read by a person (or is a name, a path, an enum value).
const NOT_READ = new Set([
  'className', 'id', 'href', 'to', 'type', 'name', 'role', 'autoComplete', 'inputMode', 'rel', 'target',
  'method', 'lang', 'htmlFor', 'key', 'pattern', 'accept', 'enterKeyHint', 'src', 'srcSet', 'width', 'height',
  'viewBox', 'd', 'fill', 'stroke', 'xmlns', 'aria-controls', 'aria-labelledby', 'aria-describedby',
  'aria-owns', 'aria-activedescendant', 'aria-live', 'aria-haspopup', 'aria-current', 'aria-autocomplete',
  'aria-hidden', 'aria-expanded', 'aria-pressed', 'aria-selected', 'aria-checked', 'aria-invalid',
  'aria-busy', 'aria-modal', 'aria-orientation', 'aria-sort', 'dir', 'form', 'scope', 'loading', 'decoding',
  'referrerPolicy', 'crossOrigin', 'download', 'step', 'min', 'max', 'wrap', 'spellCheck', 'autoCapitalize',
  'variant', 'size', 'tone', 'kind', 'field', 'section', 'testId', 'data-testid', 'strokeWidth', 'strokeLinecap',
  'strokeLinejoin', 'fillRule', 'clipRule', 'points', 'cx', 'cy', 'r', 'x', 'y', 'x1', 'x2', 'y1', 'y2', 'transform',
]);

const LETTERS = /\p{L}{2}/u;
// Reads like words for people: two words with a space, or one capitalised word (a label such as "Save").
const READS_LIKE_WORDS = /(\p{L}{2,}[ \u00a0]+\p{L})|(^\p{Lu}\p{Ll}+[.!?…]?$)/u;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' || name === 'catalogs' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.(test|d)\.tsx?$/.test(name) && !/test-(kit|map|rows)\.tsx?$/.test(name) ? [path] : [];
  });
}

function isDeveloperText(node: ts.Node): boolean {
  // `throw new Error('…')`, `console.warn('…')`, an import path, a type: not shown to people.
  for (let at: ts.Node | undefined = node.parent; at !== undefined; at = at.parent) {
    if (ts.isNewExpression(at) && /Error$/.test(at.expression.getText())) return true;
    if (ts.isCallExpression(at) && /^console\./.test(at.expression.getText())) return true;
    if (ts.isImportDeclaration(at) || ts.isExportDeclaration(at) || ts.isTypeNode(at) || ts.isCallExpression(at) && at.expression.getText() === 'import') return true;
    if (ts.isJsxAttribute(at) || ts.isStatement(at)) return false;
  }
  return false;
}

/** The JSX attribute whose value holds `node`, through conditionals and calls (`className={cx(…)}`). */
function attributeName(node: ts.Node): string | null {
  for (let at: ts.Node | undefined = node.parent; at !== undefined; at = at.parent) {
    if (ts.isJsxAttribute(at)) return at.name.getText();
    if (ts.isJsxElement(at) || ts.isJsxSelfClosingElement(at) || ts.isJsxFragment(at) || ts.isStatement(at)) return null;
  }
  return null;
}

// `button button--primary`, `card is-expanded`: class names, not words.
const CLASS_LIST = /^\s*[a-z][a-z0-9]*(?:[-_]{1,2}[a-z0-9]+)*(?:\s+[a-z][a-z0-9]*(?:[-_]{1,2}[a-z0-9]+)*)*\s*$/;
const isClassList = (text: string) => CLASS_LIST.test(text) && /[-_]/.test(text);

/** `file:line: text` for every piece of text a person would read that does not come from a catalog. */
function untranslatedTexts(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const lines = text.split('\n');
  const found: string[] = [];
  const report = (node: ts.Node, words: string) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line;
    if (/i18n-exempt/.test(lines[line] ?? '') || /i18n-exempt/.test(lines[line - 1] ?? '')) return;
    found.push(`${relative(srcRoot, file)}:${line + 1}: ${words.trim().replace(/\s+/g, ' ')}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      if (LETTERS.test(node.text)) report(node, node.text);
    } else if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !isClassList(node.text)) {
      const attribute = attributeName(node);
      if (attribute !== null) {
        if (!NOT_READ.has(attribute) && !attribute.startsWith('data-') && !attribute.startsWith('on') && LETTERS.test(node.text) && READS_LIKE_WORDS.test(node.text)) report(node, node.text);
      } else if (READS_LIKE_WORDS.test(node.text) && /\p{L}{2,}[ \u00a0]+\p{L}{2,}/u.test(node.text) && !isDeveloperText(node) && !ts.isPropertyAssignment(node.parent) || (ts.isPropertyAssignment(node.parent) && node.parent.initializer === node && /\p{L}{2,} \p{L}{2,}/u.test(node.text) && !isDeveloperText(node))) {
        report(node, node.text);
      }
    } else if (ts.isTemplateExpression(node)) {
      const words = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
      const attribute = attributeName(node);
      const read = attribute === null || (!NOT_READ.has(attribute) && !attribute.startsWith('data-'));
      if (read && !isClassList(words.replace(/\s+/g, ' ')) && /\p{L}{2,} \p{L}{2,}/u.test(words) && !isDeveloperText(node)) report(node, node.getText());
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('every visible text', () => {
  it('comes from the message catalogs', () => {
    const found = sourceFiles(srcRoot).flatMap(untranslatedTexts);
    expect(found).toEqual([]);
  });
});
