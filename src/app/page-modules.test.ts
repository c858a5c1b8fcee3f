// The route table names its modules by source path; the table that loads them is a chunk of its own
// (docs/decisions/008), so a misspelt path is caught here rather than as the routes are built.
import type { RouteObject } from 'react-router-dom';
import { loadModule, moduleLoader } from './page-modules.ts';
import { type RouteHandle, routes, setServerChunks } from './routes.tsx';

const modulesOf = (list: RouteObject[]): string[] =>
  list.flatMap((r) => {
    const module = (r.handle as RouteHandle | undefined)?.module;
    return [...(module ? [module] : []), ...modulesOf(r.children ?? [])];
  });

test('every module the route table names has a loader, and the guards too', () => {
  const modules = modulesOf(routes);
  expect(modules.length).toBeGreaterThan(60);
  for (const module of [...modules, 'src/app/guards.tsx']) expect(moduleLoader(module), module).toBeTypeOf('function');
});

test('a module the table does not have is refused, not loaded', async () => {
  expect(moduleLoader('src/features/catalogue/pages/Nope.tsx')).toBeUndefined();
  await expect(loadModule('src/app/layouts/Nope.tsx')).rejects.toThrow(/No route module src\/app\/layouts\/Nope.tsx/);
});

test('a chunk the server named that fails to load is loaded through the table instead', async () => {
  const find = (list: RouteObject[], path: string): RouteObject | undefined =>
    list.map((r) => (r.path === path ? r : find(r.children ?? [], path))).find(Boolean);
  const about = find(routes, '/about');
  setServerChunks({ 'src/features/content/pages/About.tsx': '/assets/About-missing.js' });
  const lazy = about?.lazy as () => Promise<Pick<RouteObject, 'Component'>>;
  const { default: About } = await import('../features/content/pages/About.tsx');
  expect((await lazy()).Component).toBe(About);
});
