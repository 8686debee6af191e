import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MailTemplateRegistry } from './template-registry';
import type { MailTemplate } from './templates';

const template = (key: string, title: string): MailTemplate => ({
  key,
  title,
  recipient: 'Laden',
  occasion: 'Im Test',
  subject: 'Betreff',
  body: 'Text',
  placeholders: [],
});

describe('MailTemplateRegistry', () => {
  it('lists the templates of all modules by title, whichever registered first', () => {
    const lists = [
      [template('b-1', 'Vertrag gekündigt'), template('b-2', 'Buchung bestätigt')],
      [template('a-1', 'Newsletter'), template('a-2', 'Äpfel'), template('a-3', 'Zusage')],
    ];
    const orders = [lists, [...lists].reverse()].map((order) => {
      const registry = new MailTemplateRegistry();
      for (const list of order) registry.add(list);
      return registry.list().map((t) => t.key);
    });
    expect(orders[0]).toEqual(['a-2', 'b-2', 'a-1', 'b-1', 'a-3']);
    expect(orders[1]).toEqual(orders[0]);
  });

  it('finds a template by its key', () => {
    const registry = new MailTemplateRegistry();
    registry.add([template('a', 'A')]);
    expect(registry.find('a')?.title).toBe('A');
    expect(registry.find('b')).toBeUndefined();
    expect(registry.find('toString')).toBeUndefined();
  });

  it('refuses a key twice, from another module or the same list, and adds nothing of that list', () => {
    const registry = new MailTemplateRegistry();
    registry.add([template('a', 'A')]);
    expect(() => registry.add([template('c', 'C'), template('a', 'Noch mal A')])).toThrow(
      "The mail template 'a' is registered twice",
    );
    expect(() => registry.add([template('d', 'D'), template('d', 'D')])).toThrow(
      "The mail template 'd' is registered twice",
    );
    expect(registry.list().map((t) => t.key)).toEqual(['a']);
  });

  it('stops the start of an app whose modules register the same key', async () => {
    const app = Fastify();
    app.decorate('mailTemplates', new MailTemplateRegistry());
    const module = (title: string) => async () => {
      app.mailTemplates.add([template('password-reset', title)]);
    };
    await app.register(module('Passwort zurücksetzen'));
    await expect(app.register(module('Noch einmal'))).rejects.toThrow(
      "The mail template 'password-reset' is registered twice",
    );
    await app.close();
  });
});
