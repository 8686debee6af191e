/**
 * The house's own ESLint rules (plugin `housnkuh`, registered in eslint.config.js).
 *
 * no-raw-form: every form of the web app is built with the form kit
 * (ARCHITECTURE.md, "Every form is built with components/form"): `<Form>` on
 * a useSchemaForm, so the shared schema checks the input in the browser and
 * the kit shows field errors and the outcome. Reported are the form itself and
 * what makes a flow form-like without it:
 *   - a JSX `<form>`;
 *   - a raw file input (`<input type="file">`): the kit's FormFileField;
 *   - a raw day or month input (`type="date"`, `"month"`, `"datetime-local"`): the kit's
 *     FormDateField or FormPeriodField;
 *   - a submit button (`type="submit"` on a button or input, or the kit's SubmitButton)
 *     outside a `<Form>` of the same JSX: it sends nothing the kit checks.
 * eslint.config.js leaves out the kit itself (apps/web/src/components/form/), the
 * SubmitButton's definition (components/ui/button.tsx) and the GET filter form of the
 * admin list kit (components/admin/list-params.tsx).
 * Tested by apps/web/src/components/form/no-raw-form.test.ts.
 */

const DAY_TYPES = new Set(['date', 'month', 'datetime-local']);

/** The JSX name of an element: 'form', 'Button', 'Ui.Button' → 'Button'. */
function elementName(node) {
  const name = node.name;
  if (name.type === 'JSXIdentifier') return name.name;
  if (name.type === 'JSXMemberExpression') return name.property.name;
  return '';
}

/** The literal value of the element's attribute `name` ('' when absent or not a literal). */
function literalAttribute(node, name) {
  const attribute = node.attributes.find(
    (candidate) => candidate.type === 'JSXAttribute' && candidate.name.name === name,
  );
  const value = attribute?.value;
  if (!value) return '';
  if (value.type === 'Literal') return String(value.value);
  if (value.type === 'JSXExpressionContainer' && value.expression.type === 'Literal')
    return String(value.expression.value);
  return '';
}

/** Whether a `<Form>` (or the kit's own `<form>`) of the same JSX encloses the element. */
function insideForm(node) {
  for (let parent = node.parent?.parent; parent; parent = parent.parent) {
    if (parent.type === 'JSXElement') {
      const name = elementName(parent.openingElement);
      if (name === 'Form' || name === 'form') return true;
    }
  }
  return false;
}

/** @type {import('eslint').Rule.RuleModule} */
const noRawForm = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Forms are built with the form kit (components/form): no raw <form>, file or day input, and no submit button outside a <Form>.',
    },
    messages: {
      rawForm:
        'Build the form with the form kit: <Form formProps={…}> from components/form/form.tsx on a useSchemaForm of the shared schema (no <form> outside components/form/).',
      fileInput:
        'Choose a file with the form kit: FormFileField (components/form/file-field.tsx) in a <Form> on a useSchemaForm, which checks the file and shows its message beside it.',
      dayInput:
        'Enter a day or a period with the form kit: FormDateField or FormPeriodField (components/form/) in a <Form> on a useSchemaForm.',
      submitOutside:
        'A submit button belongs in the form kit’s <Form formProps={…}> (components/form/form.tsx): outside it, it sends nothing the shared schema checks.',
    },
    schema: [],
  },
  create(context) {
    return {
      JSXOpeningElement(node) {
        const name = elementName(node);
        if (name === 'form') {
          context.report({ node, messageId: 'rawForm' });
          return;
        }
        const type = literalAttribute(node, 'type');
        if (name === 'input' && type === 'file') {
          context.report({ node, messageId: 'fileInput' });
          return;
        }
        if (name === 'input' && DAY_TYPES.has(type)) {
          context.report({ node, messageId: 'dayInput' });
          return;
        }
        const submits =
          name === 'SubmitButton' ||
          (type === 'submit' && (name === 'button' || name === 'Button' || name === 'input'));
        if (submits && !insideForm(node)) context.report({ node, messageId: 'submitOutside' });
      },
    };
  },
};

export default {
  meta: { name: 'housnkuh' },
  rules: { 'no-raw-form': noRawForm },
};
