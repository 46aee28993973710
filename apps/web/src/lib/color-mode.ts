// SPEC §4: the colour mode (light, dark or system) is remembered locally under this key.
export const COLOR_MODE_STORAGE_KEY = 'modo-color';
