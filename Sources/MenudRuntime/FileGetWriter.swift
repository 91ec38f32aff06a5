import MenudCore
import MenudJSON

/// Writes `files.get`'s answer with one ``FileObjectWriter`` kept from request to request, so
/// that the texts it caches (the clock's instance prefix, the reason texts by duration) are made
/// once instead of for every request. Made again when the tracker's settings change (a reload, and when it is done),
/// since the partial-download reasons depend on them; the instance id never changes.
final class FileGetWriter {
    private var writer: FileObjectWriter?
    private var settings: ReadinessSettingsEpoch?

    /// The File object of `view`, as `files.get` answers it.
    func answer(_ view: FileView, files: any TrackedFiles) -> [UInt8] {
        let current = files.settingsEpoch
        if writer == nil || settings != current {
            writer = FileObjectWriter(settings: current, instanceId: files.instanceId)
            settings = current
        }
        var json = JSONWriter(reservingCapacity: 300)
        writer!.write(view, to: &json)
        return json.bytes
    }
}
