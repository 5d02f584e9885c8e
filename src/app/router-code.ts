/**
 * The router's code, as the entry imports it ahead of the app's chunk (src/main.tsx) so that it is
 * evaluated in a task of its own. One name only: importing 'react-router' itself from the entry would
 * keep every one of its exports in the build, where the app's chunk takes only those it uses.
 */
export { RouterProvider } from 'react-router';
