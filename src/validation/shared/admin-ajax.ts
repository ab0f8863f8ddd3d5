// WordPress's admin-ajax.php, the one door for plugins' browser calls (the newsletter's country
// prefixes, the sidebar form): its path below the site's root and the field that names the
// action. Shared by the browser's clients and the server's route (ARCHITECTURE.md: each protocol
// is written once).

/** The path below the site's root (the server serves it at `/wp-admin/admin-ajax.php`). */
export const ADMIN_AJAX_PATH = 'wp-admin/admin-ajax.php';

/** The posted field that names the plugin's action. */
export const ADMIN_AJAX_ACTION_FIELD = 'action';

/** The posted field that carries a nonce, for the actions that take one. */
export const ADMIN_AJAX_NONCE_FIELD = 'security';
