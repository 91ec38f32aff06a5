/// The `--help` pages.
public enum HelpText {
    /// The page for `command` (`""`: the overview).
    public static func page(for command: String) -> String {
        switch command {
        case "status": status
        case "ls": list
        case "watch": watch
        case "menu": menu
        case "raw": raw
        case "web": web
        case "plugin": plugin
        default: overview
        }
    }

    static let common = """
        Options of every command:
          --socket PATH         the daemon's socket (default: $MENUD_SOCKET, else
                                $XDG_RUNTIME_DIR/menud/menud.sock, else /tmp/menud-$UID/menud.sock)
          --color WHEN          auto (default: on a terminal, unless NO_COLOR is set or TERM=dumb),
                                always or never
          -h, --help            show this help

        Exit status: 0 success (a cancelled menu too), 1 the action failed, the daemon answered an
        error or the menu was invalidated, 2 wrong command line, 3 no daemon answers.
        """

    static let overview = """
        menuctl: talk to menud, the daemon that knows which files are pending, ready or expired and
        serves context menus for them.

        Usage: menuctl [--socket PATH] [--color WHEN] COMMAND [OPTIONS]

        Commands:
          status                the daemon's state: root, settle time, file counts, plugins
          ls                    the tracked files: badge, name, state, size
          watch                 the list, redrawn as files change (q or Ctrl-C quits)
          menu PATH...          open a file's menu and run what you pick
          raw JSON | raw -      send JSON-RPC messages and print every reply line
          web [--open]          the web page's URL with its secret (menud --web ADDR)
          plugin new|install|list  write, install and list plugin modules
          help [COMMAND]        this help, or a command's

        Start a daemon with `menud --root DIR` or `systemctl --user start menud.socket`.

        \(common)
        """

    static let plugin = """
        Usage: menuctl plugin new NAME [DIR] [--menud DIR]
               menuctl plugin install FILE.so
               menuctl plugin list

        new      writes a plugin package NAME in DIR (default ./NAME): Package.swift, one source
                 file with one working action, and a test. It depends on the menud source tree
                 (--menud DIR, default the tree this menuctl was built from) and builds with
                 `swift build -c release` into .build/release/libNAME.so.
        install  checks that FILE.so is a plugin module, copies it into the plugin folder
                 ($XDG_DATA_HOME/menud/plugins, else ~/.local/share/menud/plugins) through a
                 temporary file and a rename, and asks the running daemon to reload (SIGHUP).
        list     the daemon's plugins, built in or from which file, and the modules it refused.

        From nothing to a new action:  menuctl plugin new Hello && cd Hello &&
        swift build -c release && menuctl plugin install .build/release/libHello.so

        \(common)
        """

    static let web = """
        Usage: menuctl web [--open]

        Prints the URL of the daemon's web page with the secret that opens it (the page sets it
        as a cookie on the first visit). The daemon serves the page when started with
        --web 127.0.0.1:7780 or with web: { listen: "127.0.0.1:7780" } in its config; the secret
        is new at every start.

          --open                also open the URL with xdg-open

        \(common)
        """

    static let status = """
        Usage: menuctl status [--json]

        Shows the daemon's version, root, uptime, settle and expiry times, how many files are
        pending, ready and expired, and its plugins.

          --json                print the daemon.status result as JSON

        \(common)
        """

    static let list = """
        Usage: menuctl ls [--state S] [--glob G] [--json]

        Lists the tracked files sorted by path: a colored badge, the path, the state in its color
        (ready, pending, expired) and the size, right-aligned. The files are read and printed
        5,000 at a time, each page's columns as wide as it needs.

          --state S             only files in state S: pending, ready or expired
          --glob G              only paths matching G (* and ? within a name, ** across /, [a-z];
                                without a / it matches the name in any directory: '*.log')
          --json                print the files.list result as JSON

        \(common)
        """

    static let watch = """
        Usage: menuctl watch [--state S] [--glob G] [--json]

        Shows the list and redraws it whenever the daemon reports a change (no polling). Press q or
        Ctrl-C to quit. When the output is not a terminal it prints one line per change instead:
          changed STATE PATH SIZE
          removed PATH

          --state S, --glob G   as for ls
          --json                not on a terminal: print each notification's params as JSON

        \(common)
        """

    static let menu = """
        Usage: menuctl menu (PATH... | --row N | --background) [--pick ID|TITLE] [--input TEXT]
                            [--json] [--viewport COLSxROWS] [--at COL,ROW] [--width auto|N]

        Opens the menu of one file (PATH), of a selection (several PATHs), of the Nth file of
        'menuctl ls' (--row N, from 0) or of the directory itself (--background).

        On a terminal the menu is drawn over the screen at the cursor's row:
          Up/Down, j/k          move                    Enter, Space   choose
          the item's key        choose it               Right, l       open a submenu
          Left, h, Esc          close a submenu         Esc, q         close the menu
          mouse click           choose (outside the menu: close)
        The menu is taken off the screen before the action runs; an item that needs text (a new
        name...) asks for it then, with its default filled in. A progress bar shows while the
        action runs, then its message and output.

        Not on a terminal (and without --pick) the menu is printed and closed.

          --pick ID|TITLE       choose this item without showing the menu: its id, or its exact
                                title (then ignoring case); items of submenus count too
          --input TEXT          the text for an item that asks for one
          --json                print the menu.open result (and with --pick, the menu.dismissed
                                result) as JSON instead of drawing
          --viewport COLSxROWS  lay the menu out for this size instead of the terminal's
          --at COL,ROW          open the menu from this cell (0-based; default: the cursor's row)
          --width auto|N        the menu's width: automatic (default) or N cells

        \(common)
        """

    static let raw = """
        Usage: menuctl raw '<json>'
               menuctl raw -

        Sends one JSON-RPC message (or, with -, each line of standard input in turn) and prints
        every line the daemon sends back, notifications included, until the response with the
        message's id. A message without an id (a notification) gets no response: menuctl waits
        briefly for whatever comes and stops. Exit 0 whatever the daemon answered.

        Example: menuctl raw '{"jsonrpc":"2.0","id":1,"method":"daemon.status"}'

        \(common)
        """
}
