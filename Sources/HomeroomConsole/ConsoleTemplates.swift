import Mustache

/// The console's Mustache templates, built into the binary. `{{name}}` escapes HTML scalar by
/// scalar (``ScalarHTML``); the only unescaped value (`{{{svg}}}`) is a QR code Homeroom drew itself.
enum ConsoleTemplates {
    /// The templates, parsed once.
    static let library: MustacheLibrary = {
        MustacheContentTypes.register(ScalarHTML(), named: ScalarHTML.name)
        var library = MustacheLibrary()
        do {
            try library.register(page, named: "page")
            try library.register(block, named: "block")
            try library.register(form, named: "form")
            try library.register(display, named: "display")
        } catch {
            preconditionFailure("a console template does not parse: \(error)")
        }
        return library
    }()

    /// Renders `context` with the template `name`.
    static func render(_ context: [String: Any], _ name: String) -> String {
        library.render(context, withTemplate: name) ?? ""
    }

    static let page = """
        {{% CONTENT_TYPE: ScalarHTML}}
        <!doctype html>
        <html lang="{{lang}}" dir="{{dir}}">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{title}} · {{school}}</title>
        <link rel="stylesheet" href="/console/assets/console.css">
        </head>
        <body>
        <a class="skip" href="#main">{{skip}}</a>
        <header class="top">
        <p class="school">{{school}}</p>
        {{#hasMenu}}<nav aria-label="{{menuLabel}}"><ul>{{#menu}}<li><a href="/console/{{path}}"{{#current}} aria-current="page"{{/current}}>{{title}}</a></li>{{/menu}}</ul></nav>{{/hasMenu}}
        {{#signedIn}}<form method="post" action="/console/signout" class="signout"><input type="hidden" name="csrf" value="{{csrf}}"><span>{{who}}</span> <button type="submit">{{signOut}}</button></form>{{/signedIn}}
        </header>
        <main id="main">
        <h1>{{title}}</h1>
        {{#notice}}<div class="notice{{#isError}} error{{/isError}}" role="{{role}}">{{#lines}}<p>{{.}}</p>{{/lines}}</div>{{/notice}}
        {{#blocks}}{{> block}}{{/blocks}}
        </main>
        </body>
        </html>
        """

    static let block = """
        {{% CONTENT_TYPE: ScalarHTML}}
        {{#heading}}<h2>{{heading}}</h2>{{/heading}}
        {{#paragraph}}<p>{{paragraph}}</p>{{/paragraph}}
        {{#isFacts}}<dl class="facts">{{#facts}}<div><dt>{{term}}</dt><dd{{#isProblem}} class="problem"{{/isProblem}}>{{detail}}</dd></div>{{/facts}}</dl>{{/isFacts}}
        {{#table}}<div class="table-scroll" role="region" aria-label="{{caption}}" tabindex="0"><table>
        <caption>{{caption}}</caption>
        <thead><tr>{{#columns}}<th scope="col">{{.}}</th>{{/columns}}</tr></thead>
        <tbody>{{#rows}}<tr>{{#cells}}{{#isHeading}}<th scope="row">{{/isHeading}}{{^isHeading}}<td>{{/isHeading}}{{#text}}{{text}}{{/text}}{{#lines}}<span class="line">{{.}}</span>{{/lines}}{{#form}}{{> form}}{{/form}}{{#isHeading}}</th>{{/isHeading}}{{^isHeading}}</td>{{/isHeading}}{{/cells}}</tr>{{/rows}}</tbody>
        </table></div>{{/table}}
        {{#form}}{{> form}}{{/form}}
        {{#isLinks}}<ul class="links">{{#links}}<li><a href="{{target}}">{{label}}</a></li>{{/links}}</ul>{{/isLinks}}
        {{#isCodes}}<ul class="codes">{{#codes}}<li><figure>{{{svg}}}<figcaption>{{label}}<br><small>{{content}}</small></figcaption></figure></li>{{/codes}}</ul>{{/isCodes}}
        """

    static let form = """
        {{% CONTENT_TYPE: ScalarHTML}}
        <form method="post" action="{{formAction}}"{{#multipart}} enctype="multipart/form-data"{{/multipart}} class="form{{#compact}} compact{{/compact}}">
        <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="_action" value="{{action}}">
        {{#hidden}}<input type="hidden" name="{{name}}" value="{{value}}">{{/hidden}}
        {{#fields}}<div class="field{{#isCheckbox}} check{{/isCheckbox}}">
        {{^isCheckbox}}<label for="{{id}}"{{#hidesLabels}} class="visually-hidden"{{/hidesLabels}}>{{label}}</label>{{/isCheckbox}}
        {{#isText}}<input id="{{id}}" name="{{name}}" value="{{value}}"{{#hint}} aria-describedby="{{id}}-hint"{{/hint}}>{{/isText}}
        {{#isLines}}<textarea id="{{id}}" name="{{name}}" rows="3"{{#hint}} aria-describedby="{{id}}-hint"{{/hint}}>{{value}}</textarea>{{/isLines}}
        {{#isDate}}<input type="date" id="{{id}}" name="{{name}}" value="{{value}}">{{/isDate}}
        {{#isSecret}}<input type="password" id="{{id}}" name="{{name}}" autocomplete="off" inputmode="numeric">{{/isSecret}}
        {{#isFile}}<input type="file" id="{{id}}" name="{{name}}" accept="{{accept}}"{{#hint}} aria-describedby="{{id}}-hint"{{/hint}}>{{/isFile}}
        {{#isChoice}}<select id="{{id}}" name="{{name}}">{{#options}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>{{/options}}</select>{{/isChoice}}
        {{#isCheckbox}}<input type="checkbox" id="{{id}}" name="{{name}}"{{#checked}} checked{{/checked}}><label for="{{id}}">{{label}}</label>{{/isCheckbox}}
        {{#hint}}<p class="hint" id="{{id}}-hint">{{hint}}</p>{{/hint}}
        </div>{{/fields}}
        <button type="submit"{{#isDestructive}} class="destructive"{{/isDestructive}}>{{submit}}</button>
        </form>
        """

    static let display = """
        {{% CONTENT_TYPE: ScalarHTML}}
        <!doctype html>
        <html lang="{{lang}}" dir="{{dir}}">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{school}}</title>
        <link rel="stylesheet" href="/console/assets/display.css">
        <script src="/console/assets/display.js" defer></script>
        </head>
        <body>
        <main class="display" data-state="{{state}}">
        <header><h1>{{school}}</h1><p class="clock" id="clock">{{clock}}</p></header>
        <section aria-labelledby="now-title"><h2 id="now-title">{{nowTitle}}</h2><div id="now" aria-live="polite">{{#now}}<p>{{.}}</p>{{/now}}</div></section>
        <section aria-labelledby="lunch-title"><h2 id="lunch-title">{{lunchTitle}}</h2><div id="lunch">{{#lunch}}<p>{{.}}</p>{{/lunch}}</div></section>
        <p class="offline" id="offline" hidden>{{offline}}</p>
        </main>
        </body>
        </html>
        """
}
