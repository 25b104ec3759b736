import { describe, expect, it } from 'vitest';
import { preparedByShape } from './prepared';

describe('preparedByShape', () => {
  it('builds a shape once and hands the same query back for it, another shape its own', () => {
    const built: string[] = [];
    const page = preparedByShape((shape: { search: boolean; sort?: string }) => {
      built.push(JSON.stringify(shape));
      return { shape };
    });
    const first = page({ search: false, sort: 'title' });
    expect(page({ search: false, sort: 'title' })).toBe(first);
    const searching = page({ search: true, sort: 'title' });
    expect(searching).not.toBe(first);
    expect(page({ search: true, sort: 'title' })).toBe(searching);
    expect(built).toEqual(['{"search":false,"sort":"title"}', '{"search":true,"sort":"title"}']);
  });
});
