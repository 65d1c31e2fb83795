/// The page `trellis serve` serves, written for it and compiled into the host
/// from `Embedded/` (index.html, app.css, app.js; the EmbedFiles build plugin):
/// no resource from anywhere else, so the Content-Security-Policy allows only these.
///
/// It builds the app's screens as HTML controls from the nodes the host sends
/// (``WebNode``), each text set as text, never as HTML, so nothing a plugin or a
/// config says can become markup or script. It sends back the view actions its
/// controls make, Esc and the browser's back as going back, and the window of
/// rows a long list scrolls to. The address follows the route path (`/app/…`);
/// `?open=LINK` opens a deep link; a reload comes back to the same session.
enum WebPage {
    /// The page's files by path, for ``WebConnection``.
    package static let files: [String: WebConnection.File] = [
        "/": ("text/html; charset=utf-8", Array(EmbeddedFiles.index_html.utf8)),
        "/app.js": ("text/javascript; charset=utf-8", Array(EmbeddedFiles.app_js.utf8)),
        "/app.css": ("text/css; charset=utf-8", Array(EmbeddedFiles.app_css.utf8)),
        "/user.css": style(""),
    ]

    /// The user's styles (``UserTheme/pageStyle``) as the file `/user.css`.
    package static func style(_ css: String) -> WebConnection.File {
        ("text/css; charset=utf-8", Array(css.utf8))
    }
}
