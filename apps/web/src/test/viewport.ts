import { vi } from 'vitest';

/**
 * A screen `width` px wide for MUI's useMediaQuery, which asks matchMedia for queries such as
 * '(max-width:899.95px)'. jsdom has no matchMedia; render.tsx's clean-up removes this one after each test.
 */
export function stubViewportWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
  });
}
