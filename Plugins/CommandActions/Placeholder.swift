// CommandActions
