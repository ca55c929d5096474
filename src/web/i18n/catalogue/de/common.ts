import type { Translation } from '../translation.js';

export const common: Translation = {
};
