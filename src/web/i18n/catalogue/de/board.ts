import type { Translation } from '../translation.js';

export const board: Translation = {
};
