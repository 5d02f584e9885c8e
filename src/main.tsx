import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createShopRouter } from './app/create-router';
import { Providers } from './app/providers';
import { initI18n, LANGUAGES, type LanguageCode } from './i18n/i18n';
import { currentStore } from './i18n/store-views';
import './app/app.css';

// The shopper's saved choice, else the store view's language (German for /de with multistore on).
const saved = localStorage.getItem('fixings.language');
const router = createShopRouter();
const language = LANGUAGES.some((l) => l.code === saved) ? (saved as LanguageCode) : currentStore().i18n.language;
document.documentElement.lang = language === 'en' ? 'en-GB' : language;

const root = document.getElementById('root');
if (!root) throw new Error('#root element missing from index.html');
const mount = root;
// Rendered once the chosen language's wording is there, so a German or Italian shopper never sees English first.
void initI18n(language).then(() =>
  createRoot(mount).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
