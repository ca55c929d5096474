/** A deep copy of plain JSON data, frozen at every level; keys holding `undefined` are left out, as JSON would. */
export function frozenCopy<T>(value: T): T {
  if (Array.isArray(value)) return Object.freeze(value.map((item) => frozenCopy(item))) as T;
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item !== undefined) copy[key] = frozenCopy(item);
  }
  return Object.freeze(copy) as T;
}

/** Freezes freshly parsed JSON data in place, at every level (no copy: nobody else holds it). */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  for (const item of Object.values(value)) deepFreeze(item);
  return Object.freeze(value);
}

/** `patch` without its keys that hold `undefined` (an explicit `undefined` means "leave as is"). */
export function definedFields<T extends object>(patch: T): Partial<T> {
  const result: Partial<T> = {};
  for (const [key, item] of Object.entries(patch)) {
    if (item !== undefined) (result as Record<string, unknown>)[key] = item;
  }
  return result;
}
