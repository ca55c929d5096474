import type { Translation } from '../translation.js';

export const errors: Translation = {
};
