// FileActions
