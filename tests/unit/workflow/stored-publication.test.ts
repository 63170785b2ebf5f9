// The workflow's session-storage rules (spec §4/§5): which stored entries are usable, and which id wins.
import { describe, it, expect } from 'vitest';
import { parseStoredPublication, pickPublicationId } from '../../../src/client/features/workflow/stored-publication';

describe('parseStoredPublication', () => {
  it.each([
    ['missing', null],
    ['blank', '   '],
    ['the literal undefined', 'undefined'],
    ['the literal null', 'null'],
    ['not JSON', '{id:'],
    ['an empty object', '{}'],
    ['an array', '[{"id":"abc"}]'],
    ['a number', '42'],
    ['an object without id', '{"name":"x"}'],
    ['a blank id', '{"id":"  "}'],
    ["an id that is the string 'undefined'", '{"id":"undefined"}'],
    ['a non-string id', '{"id":12}'],
  ])('refuses %s', (_label, raw) => {
    expect(parseStoredPublication(raw as string | null)).toBeNull();
  });

  it('accepts an object with an id, trimming it', () => {
    expect(parseStoredPublication('{"id":" pub_123456 ","name":"Weekly","status":"draft"}')).toEqual({ id: 'pub_123456', name: 'Weekly' });
  });
});

describe('pickPublicationId', () => {
  const stored = { id: 'stored_1234' };
  it('prefers the address, then the stored entry, else none', () => {
    expect(pickPublicationId('query_5678', stored)).toBe('query_5678');
    expect(pickPublicationId(undefined, stored)).toBe('stored_1234');
    expect(pickPublicationId('undefined', stored)).toBe('stored_1234');
    expect(pickPublicationId(undefined, null)).toBeNull();
  });
});
