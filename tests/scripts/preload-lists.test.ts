import { describe, expect, it } from 'vitest';
import { preloadLists, staticClosure } from '../../scripts/preload-lists.js';

/** An entry importing the libraries, a page importing a library and a chunk of its own. */
const bundle = {
  'assets/portal.js': { type: 'chunk', imports: ['assets/vendor.js', 'assets/schemas.js'] },
  'assets/vendor.js': { type: 'chunk', imports: ['assets/runtime.js'] },
  'assets/runtime.js': { type: 'chunk', imports: [] },
  'assets/schemas.js': { type: 'chunk', imports: ['assets/runtime.js'] },
  'assets/page.js': { type: 'chunk', imports: ['assets/vendor.js', 'assets/table.js'] },
  'assets/table.js': { type: 'chunk', imports: ['assets/runtime.js'] },
  'assets/portal.css': { type: 'asset' },
};

/** The plugin's list rule once it has read the bundle, as the build's generateBundle hands it. */
async function afterBundle() {
  const { plugin, resolveDependencies } = preloadLists();
  const generate = plugin.generateBundle;
  if (typeof generate !== 'function') throw new Error('the plugin reads the bundle');
  await Reflect.apply(generate, {}, [{}, bundle, false]);
  return resolveDependencies;
}

describe("a lazy import's preload list leaves out what its importer has already loaded", () => {
  it('the static closure of a chunk is every chunk it imports, through its imports', () => {
    expect([...staticClosure(bundle, 'assets/portal.js')].sort()).toEqual([
      'assets/runtime.js',
      'assets/schemas.js',
      'assets/vendor.js',
    ]);
  });

  it("the entry's lazy page keeps only its own chunks in its list", async () => {
    const resolveDependencies = await afterBundle();
    expect(
      resolveDependencies(
        'assets/page.js',
        ['assets/page.js', 'assets/vendor.js', 'assets/runtime.js', 'assets/table.js'],
        { hostId: 'assets/portal.js' },
      ),
    ).toEqual(['assets/page.js', 'assets/table.js']);
  });

  it('a chunk the importer does not load stays in the list, one it imports does not', async () => {
    const resolveDependencies = await afterBundle();
    expect(
      resolveDependencies(
        'assets/chart.js',
        ['assets/chart.js', 'assets/schemas.js', 'assets/table.js'],
        {
          hostId: 'assets/page.js',
        },
      ),
    ).toEqual(['assets/chart.js', 'assets/schemas.js']);
  });
});
