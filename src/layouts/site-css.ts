// The shop's stylesheet, for every layout: the fonts and the theme's Tailwind CSS (global.css), so the back office
// looks like the shop it runs.
//
// Latin files only: fontsource's weight files declare seven subsets each (70 @font-face rules, 17 KB of every
// page's inline CSS), and '₹' (U+20B9) sits in the latin-ext range, so every price fetched two more font files
// and laid the whole page out again when they came. '₹' and other letters outside latin come from the
// phone's own font (Android's Roboto and Noto have '₹').
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';
import '@fontsource/inter/latin-800.css';
import '@fontsource/poppins/latin-400.css';
import '@fontsource/poppins/latin-500.css';
import '@fontsource/poppins/latin-600.css';
import '@fontsource/poppins/latin-700.css';
import '@fontsource/poppins/latin-800.css';
import '../styles/global.css';
