import fs from 'node:fs';
import path from 'node:path';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';
import type { RouteHandle } from './server-data';

function flatten(list: RouteObject[]): RouteObject[] {
  return list.flatMap((route) => [route, ...flatten(route.children ?? [])]);
}

describe('routes', () => {
  it('every page, guard and layout loaded on demand names its module (for modulepreload) and gives a component', async () => {
    const lazy = flatten(routes).filter((route) => typeof route.lazy === 'function');
    expect(lazy.length).toBeGreaterThan(15);
    for (const route of lazy) {
      const module = (route.handle as RouteHandle | undefined)?.module ?? '';
      expect(module, route.path).toMatch(
        /^src\/(features\/.+-page|app\/(guards\/.+-guard|layouts\/.+-layout))\.tsx$/,
      );
      expect(fs.existsSync(path.resolve(import.meta.dirname, '../..', module)), module).toBe(true);
      const loaded = await (route.lazy as () => Promise<{ Component?: unknown }>)();
      expect(typeof loaded.Component, route.path).toBe('function');
    }
    // the home page's frame and page stay in the first script (with it, / would wait for a chunk)
    expect(routes[0]?.lazy).toBeUndefined();
    expect(routes[0]?.children?.find((route) => route.index)?.lazy).toBeUndefined();
    // it imports every page: more than Vitest's 5 s on a loaded 2-core CI machine
  }, 30_000);
});
