/**
 * The shell's behaviour, one script for every page (one request and one gzip stream instead of four):
 * the header's menus, the search field, client navigation's progress bar and scroll keeping, the offer
 * popup and the suggestion of Hindi. Each part does nothing on a page without its element.
 */
import './menus';
import './search';
import './navigation';
import './popup';
import './language';
