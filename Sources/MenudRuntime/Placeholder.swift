// MenudRuntime
