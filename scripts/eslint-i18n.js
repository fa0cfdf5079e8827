/**
 * `i18n/no-literal-text` (issue 59): in a translated folder, what a person reads comes from the
 * message catalogue (the Lingui macros), never a literal in the JSX: a text node with a letter in it,
 * or a literal user-facing attribute (`aria-label`, `title`, `alt`, `placeholder`, ...). Issue 71: a
 * literal is found too where a JSX child or a user-facing attribute takes it through an expression
 * (either branch of a ternary, the fallback of `&&`, `||` or `??`, a template literal's text), and
 * where a function of a .ts or .tsx file returns it (what the JSX then renders), when it reads as
 * words: not a class name, an id, a key, a path or an address.
 */
const USER_FACING = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'alt',
  'title',
  'placeholder',
  'label',
]);

const hasLetter = (text) => /\p{L}/u.test(text);

/**
 * Whether a returned string reads as words to a person, where nothing says it is rendered: letters
 * with a capital and a space between words, or a sentence's end (`Aid pending`, `No aid`, `Saved.`).
 * Not a class list, an id or a key (lowercase tokens: `btn is-active`, `aid-pending`,
 * `portal.holdDismissed.`), a constant (`SKIP_WAITING`), an identifier (`fallTerm`), a path or an
 * address (`/api/...`, `https://...`).
 */
const ADDRESS = /^(\/|\.{1,2}\/|#|\?|(https?|mailto|tel|sms|data|blob|webcal):)/i;
const LOWER_TOKENS = /^[\p{Ll}\d_\-:./[\]#%!&@=()*>~+,]+(\s+[\p{Ll}\d_\-:./[\]#%!&@=()*>~+,]+)*$/u;
const readsAsWords = (text) => {
  const t = text.trim();
  if (!hasLetter(t) || ADDRESS.test(t) || t.includes('://') || LOWER_TOKENS.test(t)) return false;
  if (/^[\p{Lu}\d_.-]+$/u.test(t)) return false;
  const sentenceEnd = (/^\p{Lu}/u.test(t) || /\s/.test(t)) && /\p{L}[.!?…]$/u.test(t);
  return (/\p{Lu}/u.test(t) && /\p{L}\s+\S/u.test(t)) || sentenceEnd;
};

/**
 * The strings an expression can give as its value: a literal, either branch of a ternary, the
 * fallback of a logical expression (and its left side for `||` and `??`), a template's texts.
 */
function valuesOf(node) {
  if (!node) return [];
  if (node.type === 'Literal') return typeof node.value === 'string' ? [[node, node.value]] : [];
  if (node.type === 'TemplateLiteral')
    return node.quasis.map((q) => [q, q.value.cooked ?? q.value.raw]);
  if (node.type === 'ConditionalExpression')
    return [...valuesOf(node.consequent), ...valuesOf(node.alternate)];
  if (node.type === 'LogicalExpression')
    return [...(node.operator === '&&' ? [] : valuesOf(node.left)), ...valuesOf(node.right)];
  if (node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression')
    return valuesOf(node.expression);
  return [];
}

const isJsxParent = (node) => node?.type === 'JSXElement' || node?.type === 'JSXFragment';

/** The macros whose children are the message itself (@lingui/react/macro). */
const MESSAGE_ELEMENTS = new Set(['Trans', 'Plural', 'Select', 'SelectOrdinal']);

/** Whether a node stands inside a message element: its text is the catalogue's source. */
const inMessage = (context, node) =>
  context.sourceCode
    .getAncestors(node)
    .some(
      (a) =>
        a.type === 'JSXElement' &&
        a.openingElement.name.type === 'JSXIdentifier' &&
        MESSAGE_ELEMENTS.has(a.openingElement.name.name),
    );

const noLiteralText = {
  meta: {
    type: 'problem',
    docs: { description: 'Text a person reads comes from the message catalogue.' },
    messages: {
      text: 'Literal text "{{text}}": write it with <Trans> (docs/translating.md).',
      attribute: 'Literal {{name}}="{{text}}": write it with t`…` (docs/translating.md).',
      returned:
        'Literal text "{{text}}" returned: write it with t`…` or msg`…` (docs/translating.md).',
    },
    schema: [],
  },
  create(context) {
    const report = (node, messageId, text, name) =>
      context.report({ node, messageId, data: { text: text.trim().slice(0, 40), name } });
    return {
      JSXText(node) {
        if (hasLetter(node.value) && !inMessage(context, node)) report(node, 'text', node.value);
      },
      // A child's expression: whatever string it can give is rendered as it is.
      JSXExpressionContainer(node) {
        if (!isJsxParent(node.parent)) return;
        for (const [at, text] of valuesOf(node.expression))
          if (hasLetter(text)) report(at, 'text', text);
      },
      JSXAttribute(node) {
        const name = typeof node.name.name === 'string' ? node.name.name : '';
        if (!USER_FACING.has(name) || !node.value) return;
        const values =
          node.value.type === 'Literal'
            ? valuesOf(node.value)
            : node.value.type === 'JSXExpressionContainer'
              ? valuesOf(node.value.expression)
              : [];
        for (const [, text] of values) if (hasLetter(text)) report(node, 'attribute', text, name);
      },
      // What a function returns, which a component renders: words only.
      ReturnStatement(node) {
        for (const [at, text] of valuesOf(node.argument))
          if (readsAsWords(text)) report(at, 'returned', text);
      },
      'ArrowFunctionExpression[expression=true]'(node) {
        for (const [at, text] of valuesOf(node.body))
          if (readsAsWords(text)) report(at, 'returned', text);
      },
    };
  },
};

export default { rules: { 'no-literal-text': noLiteralText } };
