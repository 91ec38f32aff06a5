import MenudCore
import MenudJSON

/// Writes `files.get`'s answer with one ``FileObjectWriter`` kept from request to request, so
/// that the texts it caches (the clock's instance prefix, the reason texts by duration) are made
/// once instead of for every request. Made again when the tracker's settings change (a reload, and when it is done),
/// since the partial-download reasons depend on them; the instance id never changes.
///
/// The last answer is kept too: a client that polls one file until it is ready asks for the
/// same bytes again and again, and gets them without their being written again while nothing
/// that they show has changed (``FileObjectWriter/writesAlike(_:_:)``).
final class FileGetWriter {
    private var writer: FileObjectWriter?
    private var settings: ReadinessSettingsEpoch?
    /// The last view written and its bytes; kept apart, not as an optional pair, since copying
    /// such a pair out to compare it costs more than the comparison.
    private var lastView: FileView?
    private var lastAnswer: [UInt8] = []

    /// The File object of `view`, as `files.get` answers it.
    func answer(_ view: FileView, files: any TrackedFiles) -> [UInt8] {
        let current = files.settingsEpoch
        if writer == nil || settings != current {
            writer = FileObjectWriter(settings: current, instanceId: files.instanceId)
            settings = current
            lastView = nil
        }
        if lastView.map({ FileObjectWriter.writesAlike($0, view) }) == true { return lastAnswer }
        var json = JSONWriter(reservingCapacity: 300)
        writer!.write(view, to: &json)
        lastView = view
        lastAnswer = json.bytes
        return json.bytes
    }
}
