// MenudPluginAPI
