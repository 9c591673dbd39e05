/** Installing the web app: the home page's install section (lib/install-prompt.ts holds the browser's offer). */
export { InstallApp } from './components/install-app';
