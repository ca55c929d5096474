import type { Translation } from '../translation.js';

export const account: Translation = {
};
