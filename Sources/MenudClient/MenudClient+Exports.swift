// A program that imports MenudClient gets the protocol's types (StatusResult, FileSnapshot,
// FilesListParams, the notifications...) and the JSON tree without importing them itself.
@_exported import MenudJSON
@_exported import MenudProtocol
