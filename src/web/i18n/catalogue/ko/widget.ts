import type { Translation } from '../translation.js';

export const widget: Translation = {
};
