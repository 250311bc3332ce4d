import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { loadSiteConfig } from './src/config/site-schema.ts';

// Public site configuration is parsed once here and inlined into the bundle and the prerendered HTML.
const siteConfig = loadSiteConfig(process.env);

export default defineConfig({
  plugins: [react(), tailwindcss()],
  define: {
    __SITE_CONFIG__: JSON.stringify(siteConfig),
  },
  build: {
    target: 'es2022',
    cssCodeSplit: false,
    modulePreload: { polyfill: false },
  },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
});
