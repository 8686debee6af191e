/**
 * The house's own ESLint rules (plugin `housnkuh`, registered in eslint.config.js).
 *
 * no-raw-form: every form of the web app is built with the form kit
 * (ARCHITECTURE.md, "Every form is built with components/form"): `<Form>` on
 * a useSchemaForm, so the shared schema checks the input in the browser and
 * the kit shows field errors and the outcome. A JSX `<form>` is reported;
 * eslint.config.js leaves out the kit itself (apps/web/src/components/form/)
 * and the GET filter form of the admin list kit (components/admin/list-params.tsx).
 * Tested by apps/web/src/components/form/no-raw-form.test.ts.
 */

/** @type {import('eslint').Rule.RuleModule} */
const noRawForm = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Forms are built with the form kit (components/form), not with a raw <form>.',
    },
    messages: {
      rawForm:
        'Build the form with the form kit: <Form formProps={…}> from components/form/form.tsx on a useSchemaForm of the shared schema (no <form> outside components/form/).',
    },
    schema: [],
  },
  create(context) {
    return {
      JSXOpeningElement(node) {
        if (node.name.type === 'JSXIdentifier' && node.name.name === 'form') {
          context.report({ node, messageId: 'rawForm' });
        }
      },
    };
  },
};

export default {
  meta: { name: 'housnkuh' },
  rules: { 'no-raw-form': noRawForm },
};
