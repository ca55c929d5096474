import type { Translation } from '../translation.js';

export const post: Translation = {
};
