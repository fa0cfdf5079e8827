/** Every page's document title: "<Page> · <product>", e.g. "Academics · Campus Portal". */
export const documentTitle = (page: string, product: string) => `${page} · ${product}`;
