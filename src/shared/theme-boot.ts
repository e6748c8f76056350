/** Where the browser keeps the learner's last theme, so the next page paints in it at once. */
export const THEME_STORAGE_KEY = 'sovereign-flame:theme';
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

/**
 * Runs inline in <head> before the first paint (the page arrives rendered, so a script loaded
 * later would flash the light theme). The server allows exactly this text by its hash in the
 * Content-Security-Policy.
 */
export const themeBootScript =
  `try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});` +
  `if(t==="dark"||(t==="system"&&matchMedia(${JSON.stringify(DARK_SCHEME_QUERY)}).matches))` +
  `document.documentElement.classList.add("dark")}catch(e){}`;
