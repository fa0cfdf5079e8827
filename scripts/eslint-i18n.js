/**
 * `i18n/no-literal-text` (issue 59): in a translated folder, what a person reads comes from the
 * message catalogue (the Lingui macros), never a literal in the JSX: a text node with a letter in it,
 * or a literal user-facing attribute (`aria-label`, `title`, `alt`, `placeholder`, ...).
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
      'JSXElement > JSXExpressionContainer > Literal'(node) {
        if (typeof node.value === 'string' && hasLetter(node.value))
          report(node, 'text', node.value);
      },
      JSXAttribute(node) {
        const name = typeof node.name.name === 'string' ? node.name.name : '';
        if (!USER_FACING.has(name) || !node.value) return;
        const value =
          node.value.type === 'Literal'
            ? node.value.value
            : node.value.type === 'JSXExpressionContainer' &&
                node.value.expression.type === 'Literal'
              ? node.value.expression.value
              : null;
        if (typeof value === 'string' && hasLetter(value)) report(node, 'attribute', value, name);
      },
    };
  },
};

export default { rules: { 'no-literal-text': noLiteralText } };
