import MenudText
import MenudPluginAPI

extension CommandActions {
    /// The argv for running `spec` on `files`, with placeholders replaced. A file's path is
    /// `root` and its exact name bytes; a name that is not valid UTF-8 cannot be one (an argv
    /// element is text, and the text it decodes to may name another file), so it is refused.
    public static func argv(
        for spec: CommandActionSpec, files: [TargetFile], root: String, input: String?
    ) throws -> [String] {
        var values: [CommandPlaceholder: String] = [.root: root]
        var paths: [String] = []
        switch spec.scope {
        case .singleFile:
            guard files.count == 1 else {
                throw ActionFailure("“\(spec.title)” works on one file, but \(files.count) were given; choose one file.")
            }
            values.merge(try fileValues(exactPath(of: files[0], root: root, title: spec.title))) { _, new in new }
        case .files:
            guard spec.match.count.contains(files.count) else {
                throw ActionFailure("“\(spec.title)” does not accept \(files.count) files; choose a different number.")
            }
            paths = try files.map { try exactPath(of: $0, root: root, title: spec.title) }
        case .directory:
            break
        }
        if spec.inputPrompt != nil {
            guard let input else {
                throw ActionFailure("“\(spec.title)” needs a line of text; send it as input with menu.dismissed.")
            }
            // A program argument ends at a NUL: the command would get less than was typed.
            guard !input.utf8.contains(0) else {
                throw ActionFailure("“\(spec.title)” did not run: the text typed contains a NUL character, which a program argument cannot hold. Type it without.")
            }
            values[.input] = input
        }
        return spec.argv.flatMap { argument -> [String] in
            switch argument {
            case .allPaths: paths
            case .template(let template): [template.render(values)]
            }
        }
    }

    /// `root` + `/` + the file's exact name bytes, as text; refused when they are not UTF-8.
    static func exactPath(of file: TargetFile, root: String, title: String) throws(ActionFailure) -> String {
        guard let relative = String(validating: file.pathBytes, as: UTF8.self) else {
            throw ActionFailure(
                "“\(title)” did not run: the name of \(file.path) is not valid UTF-8, and a command takes names as text, which could name another file. Rename the file to use it with a command.")
        }
        return root + "/" + relative
    }

    /// Runs `spec` through the context's launcher and turns the result into an outcome or failure.
    ///
    /// Just before the program starts, each target file is checked again (``ActionContext/verify(_:)``):
    /// beneath the root with no symbolic link on the way, a regular file, the one the menu showed.
    /// When one is not, nothing runs. The program then opens the paths itself, later: what may
    /// happen to them in between is the command's to handle (docs/plugins.md says how).
    static func run(_ spec: CommandActionSpec, context: ActionContext) async throws -> ActionOutcome {
        let argv = try argv(for: spec, files: context.files, root: context.root, input: context.input)
        // A directory action names no file: its context has none (the folder's files, should it
        // want them, are `context.directory`'s pages), and its argv none either.
        if spec.scope != .directory {
            for file in context.files {
                do {
                    try context.verify(file)
                } catch {
                    throw ActionFailure("“\(spec.title)” did not run: \(error.description)")
                }
            }
        }
        context.log.info("running “\(spec.title)”: \(argv.map(Self.quotedForLog).joined(separator: " "))")
        let result: ProcessResult
        do {
            let progress = context.progress
            var follow: (@Sendable (ProcessOutputLine) -> Void)?
            if spec.reportsPercent {
                follow = { (line: ProcessOutputLine) in
                    if let percent = CommandActions.lastPercent(in: line.text) { progress.report(fraction: percent / 100, message: line.text) }
                }
            }
            result = try await context.processes.run(argv, workingDirectory: context.root, timeoutMs: spec.timeoutMs,
                                                     outputLimitBytes: ProcessResult.tailLimitBytes, onOutput: follow)
        } catch let error as ActionFailure {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw ActionFailure("Cannot run “\(spec.title)” (\(argv[0])): \(error).")
        }
        return try outcome(of: result, spec: spec)
    }

    /// The last `NN%` (or `NN.N%`) of a line, 0...100; nil when it has none.
    static func lastPercent(in line: String) -> Double? {
        let characters = Array(line)
        var end = characters.count - 1
        while end >= 0 {
            if characters[end] == "%" {
                var start = end
                while start > 0, characters[start - 1].isASCII, characters[start - 1].isNumber || characters[start - 1] == "." { start -= 1 }
                if start < end, let value = Double(String(characters[start..<end])), (0...100).contains(value) { return value }
            }
            end -= 1
        }
        return nil
    }

    /// The outcome of a finished run, or the failure it stands for.
    static func outcome(of result: ProcessResult, spec: CommandActionSpec) throws -> ActionOutcome {
        let stderrTail = result.stderrTail.isEmpty ? nil : result.stderrTail
        if result.timedOut {
            let limit = spec.timeoutMs.map(durationText) ?? "its time limit"
            throw ActionFailure(
                "“\(spec.title)” did not finish within \(limit) and was stopped.", exitCode: result.exitCode,
                stderrTail: stderrTail, timedOut: true)
        }
        if let signal = result.signal {
            throw ActionFailure(
                "“\(spec.title)” was stopped by signal \(signal)\(lastLine(of: result.stderrTail)).", stderrTail: stderrTail)
        }
        guard let exitCode = result.exitCode else {
            throw ActionFailure("“\(spec.title)” ended without an exit status.", stderrTail: stderrTail)
        }
        guard exitCode == 0 else {
            throw ActionFailure(
                "“\(spec.title)” failed with exit status \(exitCode)\(lastLine(of: result.stderrTail)).",
                exitCode: exitCode, stderrTail: stderrTail)
        }
        var output = result.stdoutTail
        if let stderrTail {
            if !output.isEmpty && !output.hasSuffix("\n") { output += "\n" }
            output += "stderr:\n" + stderrTail
        }
        return ActionOutcome(message: "“\(spec.title)” finished (exit status 0)", output: output.isEmpty ? nil : output)
    }

    /// `": <last non-empty line>"` of `text`, or `""`.
    private static func lastLine(of text: String) -> String {
        guard let line = text.split(whereSeparator: \.isNewline).last(where: { !$0.allSatisfy(\.isWhitespace) })
        else { return "" }
        var text = line.trimmingWhitespace()
        while text.hasSuffix(".") { text.removeLast() }
        return ": " + text
    }

    /// `"500 ms"`, `"30 s"`, `"1.5 s"`.
    static func durationText(_ milliseconds: Int64) -> String {
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        // Tenths of a second, rounded half to even as printf's "%.1f" did.
        var tenths = milliseconds / 100
        let rest = milliseconds % 100
        if rest > 50 || (rest == 50 && tenths % 2 == 1) { tenths += 1 }
        return "\(tenths / 10).\(tenths % 10) s"
    }

    /// An argv element as a log shows it: quoted when it holds anything but plain characters.
    private static func quotedForLog(_ element: String) -> String {
        let plain = !element.isEmpty && element.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./=:,+@%".unicodeScalars.contains(scalar))
        }
        if plain { return element }
        var quoted = "\""
        for scalar in element.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            default:
                quoted += scalar.value < 0x20 || scalar.value == 0x7F
                    ? "\\x" + String(scalar.value, radix: 16) : String(scalar)
            }
        }
        return quoted + "\""
    }
}
